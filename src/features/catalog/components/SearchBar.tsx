import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MAX } from '@common/products-query';
import { SearchIcon } from './icons';

interface SearchBarProps {
  value: string;
  placeholder: string;
  onSearch: (text: string) => void;
  autoFocus?: boolean;
}

/** A search field with its button; submits trimmed text (the keyboard's search key works too). */
export function SearchBar({ value, placeholder, onSearch, autoFocus }: SearchBarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    (document.activeElement as HTMLElement | null)?.blur?.();
    onSearch(text.trim());
  };

  return (
    <form className="search-bar" role="search" onSubmit={submit}>
      <label className="search-bar__field">
        <SearchIcon />
        <input
          type="search"
          enterKeyHint="search"
          value={text}
          maxLength={SEARCH_MAX}
          placeholder={placeholder}
          aria-label={placeholder}
          autoFocus={autoFocus}
          onChange={(e) => setText(e.target.value)}
          data-testid="search-input"
        />
      </label>
      <button type="submit" className="search-bar__submit" data-testid="search-submit">
        {t('search.submit')}
      </button>
    </form>
  );
}
