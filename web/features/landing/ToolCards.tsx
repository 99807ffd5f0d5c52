import {
  analyticsOutline,
  callOutline,
  chatbubblesOutline,
  clipboardOutline,
  diamondOutline,
  mailOutline,
  peopleOutline,
  rocketOutline,
  sendOutline,
  shieldCheckmarkOutline,
} from 'ionicons/icons';
import { LANDING_TOOLS, isFreeTool } from '../../../domain/playbooks/tools';
import type { ToolType } from '../../../domain/playbooks/tools';
import type { MouseEvent } from 'react';
import { InlineIcon } from '../../ui/InlineIcon';

const TOOL_ICONS: Record<ToolType, string> = {
  gtmplan: rocketOutline,
  playbook: diamondOutline,
  demo: peopleOutline,
  objection: shieldCheckmarkOutline,
  email: mailOutline,
  competitive: analyticsOutline,
  none: chatbubblesOutline,
  call: callOutline,
  followup: sendOutline,
  crmnote: clipboardOutline,
};

type Tool = (typeof LANDING_TOOLS)[number];

/** A plain click, which the app handles; a modified one (a new tab, a download) is the browser's. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The landing page's badge: FREE on GTM Advice, PRO on the rest, which need a Pro plan. */
const landingBadge = (tool: Tool) => (isFreeTool(tool.type) ? 'FREE' : 'PRO');

interface ToolCardsProps {
  onSelect: (tool: Tool) => void;
  hrefOf: (tool: Tool) => string;
  /** Which tools, in order: the landing page's seven unless told (the chat shows its own). */
  tools?: readonly Tool[];
  /** The badge a card wears, or none (a paying user's chat marks nothing). */
  badgeOf?: (tool: Tool) => string | null;
  /** The list's accessible name. */
  label?: string;
  className?: string;
}

/**
 * The tool cards: on the landing page six PRO tools and the free GTM Advice chat; in an empty chat,
 * the guided flows. Native links drawn as cards, not IonCard: the landing page is prerendered, and a
 * link paints and works before any script. `hrefOf` is where a card leads without the app (a guest's
 * sign-in, naming the tool); once the app has taken the page over, `onSelect` decides, knowing who
 * is signed in.
 */
export function ToolCards({
  onSelect,
  hrefOf,
  tools = LANDING_TOOLS,
  badgeOf = landingBadge,
  label = 'PRO tools',
  className,
}: ToolCardsProps) {
  const handleClick = (event: MouseEvent, tool: Tool) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onSelect(tool);
  };
  return (
    <ul className={`tool-grid${className ? ` ${className}` : ''}`} aria-label={label}>
      {tools.map((tool) => {
        const badge = badgeOf(tool);
        return (
          <li key={tool.type}>
            <a
              href={hrefOf(tool)}
              className="tool-card"
              onClick={(event) => handleClick(event, tool)}
              data-tool={tool.type}
            >
              <span className={`tool-card__icon tool-card__icon--${tool.type}`} aria-hidden="true">
                <InlineIcon icon={TOOL_ICONS[tool.type]} />
              </span>
              <span className="tool-card__body">
                <span className="tool-card__title">{tool.title}</span>
                <span className="tool-card__description">{tool.description}</span>
              </span>
              {badge && <span className="pro-badge tool-card__badge">{badge}</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
