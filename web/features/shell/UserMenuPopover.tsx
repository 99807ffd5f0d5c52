import { IonContent, IonIcon, IonItem, IonLabel, IonList, IonPopover } from '@ionic/react';
import { gridOutline, logOutOutline } from 'ionicons/icons';
import type { User } from '../../../domain/contract/auth';
import { LinkItem } from '../../ui/LinkButton';
import type { PopoverMenu } from '../../ui/usePopoverMenu';
import { InstallAppItem } from './InstallAppItem';
import { useLogout } from '../auth/useLogout';

/** Ionic marks a popover aria-modal but gives it no role, and aria-modal belongs to a dialog only. */
const DIALOG = { role: 'dialog', 'aria-label': 'Account' };

/**
 * The signed-in user's menu itself (UserMenu.tsx loads it on the first tap): Dashboard and Logout
 * (logout from here returns to /, spec §4). It stays mounted when the user logs out: Ionic moves a
 * presented overlay out of its React parent, and unmounting it afterwards would crash React.
 */
export function UserMenuPopover({ user, menu }: { user: User | null; menu: PopoverMenu }) {
  const logout = useLogout();

  const handleLogout = () => {
    menu.close();
    void logout('/');
  };

  return (
    <IonPopover isOpen={menu.isOpen && user !== null} event={menu.event} onDidDismiss={menu.close} dismissOnSelect alignment="end" className="user-menu" htmlAttributes={DIALOG}>
      {user && (
        <IonContent>
          <div className="user-menu__who">
            <strong>{user.name || user.username}</strong>
            <span className="muted">{user.email}</span>
          </div>
          <IonList lines="none">
            <LinkItem to="/dashboard" button detail={false}>
              <IonIcon slot="start" icon={gridOutline} aria-hidden="true" />
              <IonLabel>Dashboard</IonLabel>
            </LinkItem>
            <InstallAppItem />
            <IonItem button detail={false} onClick={handleLogout}>
              <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
              <IonLabel>Logout</IonLabel>
            </IonItem>
          </IonList>
        </IonContent>
      )}
    </IonPopover>
  );
}
