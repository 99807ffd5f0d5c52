import { IonContent, IonList, IonPopover } from '@ionic/react';
import type { User } from '../../../domain/contract/auth';
import type { PopoverMenu } from '../../ui/usePopoverMenu';
import { AccountItems } from './AccountItems';

/** Ionic marks a popover aria-modal but gives it no role, and aria-modal belongs to a dialog only. */
const DIALOG = { role: 'dialog', 'aria-label': 'Account' };

/**
 * The signed-in user's menu itself (UserMenu.tsx loads it on the first tap): who is signed in, then
 * the account entries the mobile menu has too. It stays mounted when the user logs out: Ionic moves a
 * presented overlay out of its React parent, and unmounting it afterwards would crash React.
 */
export function UserMenuPopover({ user, menu }: { user: User | null; menu: PopoverMenu }) {
  return (
    <IonPopover
      isOpen={menu.isOpen && user !== null}
      event={menu.event}
      onDidDismiss={menu.close}
      dismissOnSelect
      alignment="end"
      className="user-menu"
      htmlAttributes={DIALOG}
    >
      {user && (
        <IonContent>
          <div className="user-menu__who">
            <strong>{user.name || user.username}</strong>
            <span className="muted">{user.email}</span>
          </div>
          <IonList lines="none">
            <AccountItems onClose={menu.close} />
          </IonList>
        </IonContent>
      )}
    </IonPopover>
  );
}
