import {
  businessOutline,
  folderOpenOutline,
  globeOutline,
  gridOutline,
  logOutOutline,
  personCircleOutline,
  settingsOutline,
} from 'ionicons/icons';
import { useAuth } from '../auth/auth.queries';
import { useLogout } from '../auth/useLogout';
import { isOperator } from '../settings/modelStatus';
import { InstallAppItem } from './InstallAppItem';
import { MenuItem } from './MenuItem';

/**
 * A signed-in user's entries, the same in both menus: Dashboard, Profile (what they sell), Sales
 * kit (their documents), Research (companies and people looked up on the web), Account (how they sign in, devices, export, delete), Settings (the operator's, where the model is connected), 'Install app'
 * (while the browser offers it) and Logout, which from a header menu returns to /.
 * `onClose` closes the menu first.
 */
export function AccountItems({ onClose }: { onClose: () => void }) {
  const logout = useLogout();
  const { user } = useAuth();
  const handleLogout = () => {
    onClose();
    void logout('/');
  };
  return (
    <>
      <MenuItem to="/dashboard" icon={gridOutline} label="Dashboard" />
      <MenuItem to="/profile" icon={businessOutline} label="Profile" />
      <MenuItem to="/kit" icon={folderOpenOutline} label="Sales kit" />
      <MenuItem to="/research" icon={globeOutline} label="Research" />
      <MenuItem to="/account" icon={personCircleOutline} label="Account" />
      {isOperator(user) && (
        <MenuItem to="/settings/model" icon={settingsOutline} label="Settings" />
      )}
      <InstallAppItem />
      <MenuItem icon={logOutOutline} label="Logout" onClick={handleLogout} />
    </>
  );
}
