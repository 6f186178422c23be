import type { ProductSpec, SpecGroup } from '@common/schemas/catalog-answers';
import { isOptionEnabled, toggleOption, type Selection } from '../lib/spec-picker';
import { wordBreaks } from '@app/i18n/word-breaks';

interface SpecPickerProps {
  groups: readonly SpecGroup[];
  specs: readonly ProductSpec[];
  selection: Selection;
  onChange: (next: Selection) => void;
}

/** One row of options per spec group; combinations out of stock cannot be chosen. */
export function SpecPicker({ groups, specs, selection, onChange }: SpecPickerProps) {
  return (
    <div className="spec-picker">
      {groups.map((group) => (
        <fieldset key={group.key} className="spec-picker__group">
          <legend className="spec-picker__name">{wordBreaks(group.name)}</legend>
          <div className="chips chips--wrap">
            {group.values.map((option) => {
              const chosen = selection[group.key] === option.value;
              const enabled = chosen || isOptionEnabled(specs, selection, group.key, option.value);
              return (
                <button
                  key={option.value}
                  type="button"
                  className="chip chip--spec"
                  aria-pressed={chosen}
                  disabled={!enabled}
                  data-testid={`detail-spec-${group.key}-${option.value}`}
                  onClick={() => onChange(toggleOption(selection, group.key, option.value))}
                >
                  {wordBreaks(option.label)}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
