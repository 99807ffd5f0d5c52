import { gridOutline, logOutOutline } from 'ionicons/icons';
import { useLogout } from '../auth/useLogout';
import { InstallAppItem } from './InstallAppItem';
import { MenuItem } from './MenuItem';

/**
 * A signed-in user's entries, the same in both menus: Dashboard, 'Install app' (while the browser
 * offers it) and Logout, which from a header menu returns to / (spec §4). `onClose` closes the menu first.
 */
export function AccountItems({ onClose }: { onClose: () => void }) {
  const logout = useLogout();
  const handleLogout = () => {
    onClose();
    void logout('/');
  };
  return (
    <>
      <MenuItem to="/dashboard" icon={gridOutline} label="Dashboard" />
      <InstallAppItem />
      <MenuItem icon={logOutOutline} label="Logout" onClick={handleLogout} />
    </>
  );
}
