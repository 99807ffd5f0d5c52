import { chevronDownOutline } from 'ionicons/icons';
import { Suspense, lazy } from 'react';
import type { User } from '../../../domain/contract/auth';
import { earlyTap } from '../../../domain/contract/earlyTapScript';
import { InlineIcon } from '../../ui/InlineIcon';
import { usePopoverMenu } from '../../ui/usePopoverMenu';

// Ionic's popover, list and overlay code load with the first tap, not with the page.
const UserMenuPopover = lazy(() =>
  import('./UserMenuPopover').then((m) => ({ default: m.UserMenuPopover })),
);

/** Initials for the avatar: from the name, else the username. */
export function initialsOf(user: Pick<User, 'name' | 'username'>): string {
  const source = user.name?.trim() || user.username;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/** The signed-in user's avatar button and, once tapped, their menu (UserMenuPopover.tsx). */
export function UserMenu({ user }: { user: User | null }) {
  const menu = usePopoverMenu();
  return (
    <>
      {user && (
        <button
          type="button"
          className="header-button user-menu__trigger"
          // The name starts with what the button shows (the initials), so a rep using voice control can say it.
          // A signed-in screen's shell (drawn by the build) knows no initials yet; its tap is kept by
          // this mark, the label being another until the app draws the rep's.
          aria-label={initialsOf(user) ? `${initialsOf(user)}, Account menu` : 'Account menu'}
          {...earlyTap('account-menu')}
          aria-haspopup="dialog"
          aria-expanded={menu.isOpen}
          onClick={menu.open}
        >
          <span className="avatar" aria-hidden="true">
            {initialsOf(user)}
          </span>
          <InlineIcon icon={chevronDownOutline} className="user-menu__chevron" />
        </button>
      )}
      {menu.used && (
        <Suspense fallback={null}>
          <UserMenuPopover user={user} menu={menu} />
        </Suspense>
      )}
    </>
  );
}
