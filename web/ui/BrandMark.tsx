/** The Pitchpad logo: the app icon's speech bubble on the brand gradient. Decorative. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 512 512"
      aria-hidden="true"
      focusable="false"
      className="brand-mark"
    >
      <defs>
        <linearGradient id="brand-mark-g" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#6348ff" />
          <stop offset="1" stopColor="#3b2ac4" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="112.6" fill="url(#brand-mark-g)" />
      <rect x="112.6" y="133.1" width="286.7" height="204.8" rx="46" fill="#fff" />
      <path d="M153.6 317.4h81.9l-81.9 81.9z" fill="#fff" />
      <g fill="#6348ff">
        <circle cx="194.6" cy="235.5" r="23" />
        <circle cx="256" cy="235.5" r="23" />
        <circle cx="317.4" cy="235.5" r="23" />
      </g>
    </svg>
  );
}
