import { IonIcon } from '@ionic/react';
import { closeOutline, downloadOutline, refreshOutline, shareOutline } from 'ionicons/icons';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../domain/limits';
import { pwaStatus, type PwaStatus } from './pwaStatus';
import { IconButton } from '../../ui/IconButton';

/**
 * The app's own notices, under the header: 'A new version is ready' with Reload, Chrome's install
 * offer (dismissible), and on iOS Safari, once, how to add the app to the home screen. One at a
 * time, the update first. Loaded only when there is one (AppBanners.tsx).
 */
export function PwaBanners({ status }: { status: PwaStatus }) {
  if (status.update) return <UpdateBanner reload={status.update} />;
  if (status.showInstallBanner) return <InstallBanner />;
  if (status.showIosHint) return <IosInstallHint />;
  return null;
}

function UpdateBanner({ reload }: { reload: () => void }) {
  return (
    <div className="app-banner app-banner--update" role="status">
      <IonIcon className="app-banner__icon" icon={refreshOutline} aria-hidden="true" />
      <p className="app-banner__text">
        <strong>A new version is ready</strong>
        <span>Reload to update. Nothing you typed is lost.</span>
      </p>
      <button type="button" className="app-banner__action" onClick={reload}>
        Reload
      </button>
    </div>
  );
}

function InstallBanner() {
  return (
    <InstallNotice
      icon={downloadOutline}
      closeLabel="Not now"
      onClose={pwaStatus.dismissInstallBanner}
      action={
        <button
          type="button"
          className="app-banner__action"
          onClick={() => void pwaStatus.install()}
        >
          Install
        </button>
      }
    >
      Open it from your home screen, even with no signal.
    </InstallNotice>
  );
}

function IosInstallHint() {
  useEffect(() => pwaStatus.markIosHintShown(), []);
  return (
    <InstallNotice icon={shareOutline} closeLabel="Dismiss" onClose={pwaStatus.dismissIosHint}>
      Tap <IonIcon className="app-banner__inline-icon" icon={shareOutline} aria-label="Share" />{' '}
      Share, then ‘Add to Home Screen’.
    </InstallNotice>
  );
}

/** 'Install Pitchpad' and how (`children`), with the way to do it where there is one, and a close. */
function InstallNotice({
  icon,
  closeLabel,
  onClose,
  action,
  children,
}: {
  icon: string;
  closeLabel: string;
  onClose: () => void;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="app-banner" role="region" aria-label={`Install ${PRODUCT_NAME}`}>
      <IonIcon className="app-banner__icon" icon={icon} aria-hidden="true" />
      <p className="app-banner__text">
        <strong>Install {PRODUCT_NAME}</strong>
        <span>{children}</span>
      </p>
      {action}
      <IconButton
        className="app-banner__close"
        aria-label={closeLabel}
        onClick={onClose}
        icon={closeOutline}
      />
    </div>
  );
}
