import { IonApp } from '@ionic/react';
import { Outlet } from '@tanstack/react-router';
import { AppHeader } from './AppHeader';

/** The frame around every screen: the header and the routed screen. */
export function AppShell() {
  return (
    <IonApp>
      <div className="ion-page" id="main-content">
        <AppHeader />
        <Outlet />
      </div>
    </IonApp>
  );
}
