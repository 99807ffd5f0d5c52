import { useState } from 'react';
import { PRODUCT_NAME } from '../../domain/limits';

/** Creator credit and a copyright line with the current year. */
export function Footer() {
  const [year] = useState(() => new Date().getFullYear());
  return (
    <footer className="app-footer">
      <p className="app-footer__credit">
        Made for founders and sales teams by the {PRODUCT_NAME} team
      </p>
      <p className="app-footer__copyright">
        © {year} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
