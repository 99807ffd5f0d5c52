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

/**
 * The seven tool cards of the landing page: six PRO tools and the free GTM Advice chat. Native buttons drawn as cards, not IonCard: the
 * landing page is prerendered, and a native element paints (and is a button) before any script.
 */
export function ToolCards({ onSelect }: { onSelect: (tool: Tool) => void }) {
  return (
    <ul className="tool-grid" aria-label="PRO tools">
      {LANDING_TOOLS.map((tool) => (
        <li key={tool.type}>
          <button type="button" className="tool-card" onClick={() => onSelect(tool)} data-tool={tool.type}>
            <span className={`tool-card__icon tool-card__icon--${tool.type}`} aria-hidden="true">
              <InlineIcon icon={TOOL_ICONS[tool.type]} />
            </span>
            <span className="tool-card__body">
              <span className="tool-card__title">{tool.title}</span>
              <span className="tool-card__description">{tool.description}</span>
            </span>
            <span className="pro-badge tool-card__badge">{isFreeTool(tool.type) ? 'FREE' : 'PRO'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
