import { initialsOf } from '../../../domain/playbooks/competitive';

const PALETTE = [
  '#4f38e8',
  '#0ea5a4',
  '#d97706',
  '#dc2626',
  '#0b5fae',
  '#7c3aed',
  '#16a34a',
  '#db2777',
];

/** A stable colour per name, so the same competitor always gets the same avatar. */
export function avatarColour(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

/**
 * The competitor's mark: an avatar drawn here from the name's initials. The model's
 * `logo_url` is never loaded: a URL the model wrote would make the page fetch from a host we do not
 * know, telling it who reads which analysis; initials work offline and leak nothing.
 */
export function CompetitorLogo({ name, size = 44 }: { name: string; size?: number }) {
  return (
    <svg
      className="competitor-logo competitor-logo--avatar"
      width={size}
      height={size}
      viewBox="0 0 44 44"
      role="img"
      aria-label={`${name} avatar`}
    >
      <rect width="44" height="44" rx="12" fill={avatarColour(name)} />
      <text
        x="22"
        y="22"
        dy="0.35em"
        textAnchor="middle"
        fill="#fff"
        fontSize="16"
        fontWeight="700"
        fontFamily="system-ui, -apple-system, sans-serif"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}
