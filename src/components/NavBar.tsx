import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface NavBarProps {
  title: string;
  onBack?: () => void;
  right?: ReactNode;
}

/** The in-page navigation bar (title, optional back, optional right action); shown outside Telegram. */
export function NavBar({ title, onBack, right }: NavBarProps) {
  const { t } = useTranslation();
  return (
    <header className="nav-bar">
      <div className="nav-bar__side">
        {onBack && (
          <button type="button" className="nav-bar__back" aria-label={t('common.back')} onClick={onBack}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                stroke="currentColor"
                strokeWidth="2"
                fill="none"
                strokeLinecap="round"
              />
            </svg>
          </button>
        )}
      </div>
      <h1 className="nav-bar__title">{title}</h1>
      <div className="nav-bar__side nav-bar__side--right">{right}</div>
    </header>
  );
}
