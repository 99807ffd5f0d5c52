import { downloadOutline } from 'ionicons/icons';
import { useSyncExternalStore } from 'react';
import { pwaStatus } from '../pwa/pwaStatus';
import { MenuItem } from './MenuItem';

/** 'Install app' in a header menu, there only while the browser offers to install the app. */
export function InstallAppItem() {
  const { canInstall } = useSyncExternalStore(pwaStatus.subscribe, pwaStatus.get, pwaStatus.get);
  if (!canInstall) return null;
  return (
    <MenuItem icon={downloadOutline} label="Install app" onClick={() => void pwaStatus.install()} />
  );
}
