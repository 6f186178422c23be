import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaItem } from '@common/schemas/address';
import { Field } from '@app/components/Field';

interface CountryPickerProps {
  countries: readonly AreaItem[];
  value: string;
  onChange: (code: string) => void;
  error?: string;
}

/** Lower case without accents: "Österreich" -> "osterreich". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The country, chosen from every ISO country by name in the interface language: a button showing
 * the choice that opens a search box over the list (249 names are too many to scroll).
 */
export function CountryPicker({ countries, value, onChange, error }: CountryPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = countries.find((c) => c.code === value);
  const matches = useMemo(() => {
    const typed = query.trim().normalize('NFC').toLocaleLowerCase();
    if (!typed) return countries;
    // Typed without accents, accents do not count ("osterreich" finds Österreich); typed with them,
    // they do ("ös" finds Österreich, not Barbados).
    const plain = fold(typed) === typed;
    const form = (text: string) => (plain ? fold(text) : text.normalize('NFC').toLocaleLowerCase());
    // Names that start with the text first ("de": Deutschland before Bangladesch), then the rest.
    const starts: AreaItem[] = [];
    const contains: AreaItem[] = [];
    for (const c of countries) {
      const name = form(c.name);
      if (name.startsWith(typed) || c.code.toLowerCase() === typed) starts.push(c);
      else if (name.includes(typed)) contains.push(c);
    }
    return [...starts, ...contains];
  }, [countries, query]);

  const choose = (code: string) => {
    onChange(code);
    setOpen(false);
    setQuery('');
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-button`} id={`${id}-label`}>
        {t('address.country')}
      </label>
      <button
        id={`${id}-button`}
        type="button"
        className={`picker-button ${error ? 'picker-button--error' : ''}`}
        aria-expanded={open}
        aria-invalid={Boolean(error)}
        onClick={() => setOpen(!open)}
        data-testid="address-country"
        data-value={value}
      >
        <span className={chosen ? '' : 'picker-button__placeholder'}>
          {chosen?.name ?? t('address.chooseCountry')}
        </span>
        <svg
          className="picker-button__chevron"
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
        </svg>
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {open && (
        <div className="country-picker">
          <Field
            label={t('address.countrySearch')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoFocus
            autoComplete="off"
            data-testid="address-country-search"
          />
          <ul className="country-picker__list" role="listbox" aria-labelledby={`${id}-label`}>
            {matches.map((c) => (
              <li key={c.code}>
                <button
                  type="button"
                  role="option"
                  aria-selected={c.code === value}
                  className="country-picker__option"
                  onClick={() => choose(c.code)}
                  data-testid={`country-${c.code}`}
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
          {matches.length === 0 && <p className="country-picker__none">{t('address.noCountry')}</p>}
        </div>
      )}
    </div>
  );
}
