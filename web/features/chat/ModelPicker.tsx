import { chevronDownOutline, hardwareChipOutline } from 'ionicons/icons';
import type { ModelsResponse } from '../../../domain/contract/chat';
import { modelGroupHeading, modelLabel } from './format';
import { InlineIcon } from '../../ui/InlineIcon';

interface ModelPickerProps {
  models: ModelsResponse['models'];
  value: string | undefined;
  onChange: (model: string) => void;
}

/**
 * The model picker: the active model's name (GPT names uppercased) over a native select, so
 * phones get their own picker wheel or sheet. Phones show the name too, not a bare 'Model':
 * a rep should see which model answers (docs/phone.md, point 16). With none chosen yet, the first
 * model is the one in use. Models are grouped under their provider's heading ('OpenAI GPT-4o'); an
 * empty id is never offered.
 */
export function ModelPicker({ models, value, onChange }: ModelPickerProps) {
  const groups = [...new Set(models.map((m) => m.group))];
  const current = models.find((m) => m.id === value) ?? models[0];
  return (
    <label className="model-picker">
      <InlineIcon icon={hardwareChipOutline} className="model-picker__icon" />
      <span className="model-picker__name" aria-hidden="true">
        {current ? modelLabel(current.id, current.label) : 'Model'}
      </span>
      <InlineIcon icon={chevronDownOutline} className="model-picker__chevron" />
      <select
        className="model-picker__select"
        aria-label="Model"
        value={current?.id ?? ''}
        disabled={models.length === 0}
        onChange={(event) => onChange(event.target.value)}
      >
        {groups.map((group) => (
          <optgroup key={group} label={modelGroupHeading(group)}>
            {models
              .filter((m) => m.group === group)
              .map((m) => (
                <option key={m.id} value={m.id}>
                  {modelLabel(m.id, m.label)}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
