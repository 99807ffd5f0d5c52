import { IonContent, IonList, IonPopover } from '@ionic/react';
import {
  homeOutline,
  informationCircleOutline,
  logInOutline,
  pricetagOutline,
} from 'ionicons/icons';
import type { PopoverMenu } from '../../ui/usePopoverMenu';
import { useAuth } from '../auth/auth.queries';
import { InstallAppItem } from './InstallAppItem';
import { AccountItems } from './AccountItems';
import { MenuItem } from './MenuItem';
import { NAV_LINKS } from './navLinks';

const ICONS = {
  '/': homeOutline,
  '/about': informationCircleOutline,
  '/pricing': pricetagOutline,
} as const;

/** Ionic marks a popover aria-modal but gives it no role, and aria-modal belongs to a dialog only. */
const DIALOG = { role: 'dialog', 'aria-label': 'Menu' };

/** The narrow screens' menu itself (MobileMenu.tsx loads it on the first tap): the main links plus the account entries. */
export function MobileMenuPopover({ menu }: { menu: PopoverMenu }) {
  const { user } = useAuth();
  return (
    <IonPopover
      isOpen={menu.isOpen}
      event={menu.event}
      onDidDismiss={menu.close}
      dismissOnSelect
      alignment="end"
      className="mobile-menu"
      htmlAttributes={DIALOG}
    >
      <IonContent>
        <IonList lines="none" aria-label="Menu">
          {NAV_LINKS.map((link) => (
            <MenuItem key={link.to} to={link.to} icon={ICONS[link.to]} label={link.label} />
          ))}
          {user ? (
            <AccountItems onClose={menu.close} />
          ) : (
            <>
              <InstallAppItem />
              <MenuItem to="/auth" icon={logInOutline} label="Sign In / Sign Up" />
            </>
          )}
        </IonList>
      </IonContent>
    </IonPopover>
  );
}
