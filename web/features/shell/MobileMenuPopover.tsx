import { IonContent, IonIcon, IonItem, IonLabel, IonList, IonPopover } from '@ionic/react';
import { gridOutline, homeOutline, informationCircleOutline, logInOutline, logOutOutline, pricetagOutline } from 'ionicons/icons';
import { LinkItem } from '../../ui/LinkButton';
import type { PopoverMenu } from '../../ui/usePopoverMenu';
import { InstallAppItem } from './InstallAppItem';
import { useAuth } from '../auth/auth.queries';
import { useLogout } from '../auth/useLogout';
import { NAV_LINKS } from './navLinks';

const ICONS = { '/': homeOutline, '/about': informationCircleOutline, '/pricing': pricetagOutline } as const;

/** Ionic marks a popover aria-modal but gives it no role, and aria-modal belongs to a dialog only. */
const DIALOG = { role: 'dialog', 'aria-label': 'Menu' };

/** The narrow screens' menu itself (MobileMenu.tsx loads it on the first tap): the main links plus the account actions. */
export function MobileMenuPopover({ menu }: { menu: PopoverMenu }) {
  const { user } = useAuth();
  const logout = useLogout();

  const handleLogout = () => {
    menu.close();
    void logout('/');
  };

  return (
    <IonPopover isOpen={menu.isOpen} event={menu.event} onDidDismiss={menu.close} dismissOnSelect alignment="end" className="mobile-menu" htmlAttributes={DIALOG}>
      <IonContent>
        <IonList lines="none" aria-label="Menu">
          {NAV_LINKS.map((link) => (
            <LinkItem key={link.to} to={link.to} button detail={false}>
              <IonIcon slot="start" icon={ICONS[link.to]} aria-hidden="true" />
              <IonLabel>{link.label}</IonLabel>
            </LinkItem>
          ))}
          <InstallAppItem />
          {user ? (
            <>
              <LinkItem to="/dashboard" button detail={false}>
                <IonIcon slot="start" icon={gridOutline} aria-hidden="true" />
                <IonLabel>Dashboard</IonLabel>
              </LinkItem>
              <IonItem button detail={false} onClick={handleLogout}>
                <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
                <IonLabel>Logout</IonLabel>
              </IonItem>
            </>
          ) : (
            <LinkItem to="/auth" button detail={false}>
              <IonIcon slot="start" icon={logInOutline} aria-hidden="true" />
              <IonLabel>Sign In / Sign Up</IonLabel>
            </LinkItem>
          )}
        </IonList>
      </IonContent>
    </IonPopover>
  );
}
