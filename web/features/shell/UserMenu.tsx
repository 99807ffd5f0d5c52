import { IonButton, IonContent, IonIcon, IonItem, IonLabel, IonList, IonPopover } from '@ionic/react';
import { chevronDownOutline, downloadOutline, gridOutline, logOutOutline } from 'ionicons/icons';
import type { User } from '../../../domain/contract/auth';
import { useSyncExternalStore } from 'react';
import { LinkItem } from '../../ui/LinkButton';
import { usePopoverMenu } from '../../ui/usePopoverMenu';
import { pwaStatus } from '../pwa/pwaStatus';
import { useLogout } from '../auth/useLogout';

/** Initials for the avatar: from the name, else the username. */
export function initialsOf(user: Pick<User, 'name' | 'username'>): string {
  const source = user.name?.trim() || user.username;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/**
 * The signed-in user's menu: Dashboard and Logout (logout from here returns to /, spec §4). The
 * popover stays mounted when the user logs out: Ionic moves a presented overlay out of its React
 * parent, and unmounting it afterwards would crash React.
 */
export function UserMenu({ user }: { user: User | null }) {
  const menu = usePopoverMenu();
  const { canInstall } = useSyncExternalStore(pwaStatus.subscribe, pwaStatus.get, pwaStatus.get);
  const logout = useLogout();

  const handleLogout = () => {
    menu.close();
    void logout('/');
  };

  return (
    <>
      {user && (
        <IonButton
          className="user-menu__trigger"
          aria-label="Account menu"
          aria-haspopup="menu"
          aria-expanded={menu.isOpen}
          onClick={menu.open}
        >
          <span className="avatar" aria-hidden="true">
            {initialsOf(user)}
          </span>
          <IonIcon icon={chevronDownOutline} className="user-menu__chevron" aria-hidden="true" />
        </IonButton>
      )}
      <IonPopover isOpen={menu.isOpen && user !== null} event={menu.event} onDidDismiss={menu.close} dismissOnSelect alignment="end" className="user-menu">
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
              {canInstall && (
                <IonItem button detail={false} onClick={() => void pwaStatus.install()}>
                  <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
                  <IonLabel>Install app</IonLabel>
                </IonItem>
              )}
              <IonItem button detail={false} onClick={handleLogout}>
                <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
                <IonLabel>Logout</IonLabel>
              </IonItem>
            </IonList>
          </IonContent>
        )}
      </IonPopover>
    </>
  );
}
