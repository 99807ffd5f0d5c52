/** The header's main links, shared by the desktop bar and the mobile menu. */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/pricing', label: 'Pricing' },
] as const;
