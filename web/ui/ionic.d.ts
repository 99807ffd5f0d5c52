// '@ionic/react''s one module, imported by path from ionicReact.ts: the same exports as '@ionic/react'.
declare module '@ionic/react/dist/index.js' {
  export * from '@ionic/react';
}

// <ion-app>, drawn by the app's frame as a plain element until Ionic defines it (ui/ionicSetup.ts).
declare namespace React.JSX {
  interface IntrinsicElements {
    'ion-app': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
  }
}
