import { IonIcon, IonItem, IonLabel } from '@ionic/react';
import type { ComponentProps } from 'react';
import { LinkItem } from '../../ui/LinkButton';

interface MenuItemProps {
  icon: string;
  label: string;
  /** A link to this app path, or else… */
  to?: ComponentProps<typeof LinkItem>['to'];
  /** …an action. */
  onClick?: () => void;
}

/** One entry of a header menu, the user menu or the mobile menu: an icon and a label, a link or an action. */
export function MenuItem({ icon, label, to, onClick }: MenuItemProps) {
  const content = (
    <>
      <IonIcon slot="start" icon={icon} aria-hidden="true" />
      <IonLabel>{label}</IonLabel>
    </>
  );
  return to ? (
    <LinkItem to={to} button detail={false}>
      {content}
    </LinkItem>
  ) : (
    <IonItem button detail={false} onClick={onClick}>
      {content}
    </IonItem>
  );
}
