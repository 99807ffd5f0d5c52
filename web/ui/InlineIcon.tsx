/**
 * An ionicons icon drawn as inline SVG: it paints with the page (prerendered pages included), where
 * <IonIcon> draws nothing until its script has loaded and decoded the icon. `icon` is one of
 * 'ionicons/icons' (a data URL of a trusted constant SVG). Decorative: hidden from assistive tech.
 */
export function InlineIcon({ icon, className }: { icon: string; className?: string }) {
  return (
    <span
      className={`inline-icon${className ? ` ${className}` : ''}`}
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: svgOf(icon) }}
    />
  );
}

const DATA_URL_PREFIX = 'data:image/svg+xml;utf8,';

function svgOf(icon: string): string {
  return icon.startsWith(DATA_URL_PREFIX) ? icon.slice(DATA_URL_PREFIX.length) : '';
}
