import {
  analyticsOutline,
  chatbubblesOutline,
  diamondOutline,
  mailOutline,
  peopleOutline,
  rocketOutline,
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
  call: chatbubblesOutline,
};

type Tool = (typeof LANDING_TOOLS)[number];

/** A plain click, which the app handles; a modified one (a new tab, a download) is the browser's. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The seven tool cards of the landing page: six PRO tools and the free GTM Advice chat. Native links
 * drawn as cards, not IonCard: the landing page is prerendered, and a link paints and works before
 * any script. `hrefOf` is where a card leads without the app (a guest's sign-in, naming the tool);
 * once the app has taken the page over, `onSelect` decides, knowing who is signed in.
 */
export function ToolCards({ onSelect, hrefOf }: { onSelect: (tool: Tool) => void; hrefOf: (tool: Tool) => string }) {
  const handleClick = (event: MouseEvent, tool: Tool) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onSelect(tool);
  };
  return (
    <ul className="tool-grid" aria-label="PRO tools">
      {LANDING_TOOLS.map((tool) => (
        <li key={tool.type}>
          <a href={hrefOf(tool)} className="tool-card" onClick={(event) => handleClick(event, tool)} data-tool={tool.type}>
            <span className={`tool-card__icon tool-card__icon--${tool.type}`} aria-hidden="true">
              <InlineIcon icon={TOOL_ICONS[tool.type]} />
            </span>
            <span className="tool-card__body">
              <span className="tool-card__title">{tool.title}</span>
              <span className="tool-card__description">{tool.description}</span>
            </span>
            <span className="pro-badge tool-card__badge">{isFreeTool(tool.type) ? 'FREE' : 'PRO'}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
