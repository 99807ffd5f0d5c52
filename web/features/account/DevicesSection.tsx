import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { Device } from '../../../domain/contract/account';
import { useToast } from '../../ui/ToastProvider';
import { devicesQueryOptions, useSignOutDevice } from './account.queries';
import { AccountList } from './ListLoading';

const MINUTE = 60_000;

/** 'Active now', 'Last seen 5 minutes ago', 'Last seen 3 days ago'. */
export function lastSeenText(lastSeenAt: string | null, now = Date.now()): string {
  if (!lastSeenAt) return 'Last seen: unknown';
  const ago = Math.max(0, now - Date.parse(lastSeenAt));
  if (ago < 2 * MINUTE) return 'Active now';
  const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    ago < 60 * MINUTE
      ? [Math.round(ago / MINUTE), 'minute']
      : ago < 24 * 60 * MINUTE
        ? [Math.round(ago / (60 * MINUTE)), 'hour']
        : [Math.round(ago / (24 * 60 * MINUTE)), 'day'];
  return `Last seen ${words.format(-value, unit)}`;
}

const nameOf = (device: Device) => `${device.device} · ${device.browser}`;

/**
 * Account → Devices: every browser signed in to the account, this one marked. Signing one out ends
 * its session on the server at once: its next request finds it signed out (its unsent work waits
 * on it for its owner's next sign-in).
 */
export function DevicesSection({ userId }: { userId: number }) {
  const devices = useQuery(devicesQueryOptions(userId));
  const signOut = useSignOutDevice(userId);
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const list = devices.data?.devices ?? [];
  const others = list.filter((d) => !d.current).length;

  const heading = useRef<HTMLHeadingElement>(null);
  const handleSignOut = (device: Device) =>
    signOut.mutate(device.id, {
      onSuccess: () => {
        // Its row (and the button that had the focus) is gone: the focus goes back to the list's title.
        heading.current?.focus();
        toast({
          header: 'Signed out',
          message: `${nameOf(device)} is signed out.`,
          color: 'success',
        });
      },
    });

  return (
    <section className="account-section" aria-labelledby="account-devices-title">
      <h2 id="account-devices-title" ref={heading} tabIndex={-1}>
        Devices
      </h2>
      <p className="muted">Where your account is signed in. Sign out a device you no longer use.</p>
      <AccountList query={devices} what="devices">
        <ul className="account-devices">
          {list.map((device) => (
            <li key={device.id} className="account-device">
              <div className="account-device__text">
                <p className="account-device__name">
                  {nameOf(device)}
                  {device.current && <span className="account-device__this">This device</span>}
                </p>
                <p className="muted account-device__seen">
                  {device.current ? 'Active now' : lastSeenText(device.lastSeenAt)}
                </p>
              </div>
              {!device.current && (
                <button
                  type="button"
                  className="pp-button pp-button--ghost account-device__action"
                  aria-label={`Sign out ${nameOf(device)}`}
                  disabled={signOut.isPending}
                  onClick={() => handleSignOut(device)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      </AccountList>
      {signOut.isError && !confirming && (
        <p className="form-error" role="alert">
          {signOut.error.message}
        </p>
      )}
      {others > 0 && (
        <button
          type="button"
          className="pp-button pp-button--ghost account-devices__all"
          onClick={() => setConfirming(true)}
        >
          Sign out all other devices
        </button>
      )}
      <SignOutOthersDialog
        open={confirming}
        count={others}
        pending={signOut.isPending}
        error={confirming && signOut.isError ? signOut.error.message : null}
        onCancel={() => {
          signOut.reset();
          setConfirming(false);
        }}
        onConfirm={() =>
          signOut.mutate('others', {
            onSuccess: ({ signedOut }) => {
              setConfirming(false);
              // Its button is gone with the other devices: the focus goes to the list's title.
              heading.current?.focus();
              toast({
                header: 'Signed out',
                message:
                  signedOut === 1
                    ? 'One other device is signed out.'
                    : `${signedOut} other devices are signed out.`,
                color: 'success',
              });
            },
          })
        }
      />
    </section>
  );
}

/** 'Sign out all other devices?': asked first, since each of them must sign in again. */
function SignOutOthersDialog(props: {
  open: boolean;
  count: number;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={props.open}
      title="Sign out all other devices?"
      message={
        <>
          {props.count === 1 ? 'One device' : `${props.count} devices`} will have to sign in again.
          Work they have not sent yet waits on them until you do. This device stays signed in.
        </>
      }
      error={props.error}
      pending={props.pending}
      confirmLabel="Sign out"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
