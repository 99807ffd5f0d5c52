import { menuOutline } from 'ionicons/icons';
import { Suspense, lazy } from 'react';
import { earlyTap } from '../../../domain/contract/earlyTapScript';
import { InlineIcon } from '../../ui/InlineIcon';
import { usePopoverMenu } from '../../ui/usePopoverMenu';

// Ionic's popover, list and overlay code load with the first tap, not with the page.
const MobileMenuPopover = lazy(() =>
  import('./MobileMenuPopover').then((m) => ({ default: m.MobileMenuPopover })),
);

/**
 * The menu for narrow screens: the main links plus the account actions. A popover rather than
 * IonMenu: it looks the same on a phone and keeps the side-menu and gesture code out of the bundle.
 * Once opened it stays mounted: Ionic moves a presented overlay out of its React parent.
 */
export function MobileMenu() {
  const menu = usePopoverMenu();
  return (
    <>
      <button
        type="button"
        className="header-button app-header__menu-button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={menu.isOpen}
        onClick={menu.open}
        {...earlyTap('menu')}
      >
        <InlineIcon icon={menuOutline} />
      </button>
      {menu.used && (
        <Suspense fallback={null}>
          <MobileMenuPopover menu={menu} />
        </Suspense>
      )}
    </>
  );
}
