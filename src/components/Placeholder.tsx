import {
  Placeholder as TelegramPlaceholder,
  Text,
  Title,
  type PlaceholderProps,
} from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import './placeholder.css';

const shown = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== '';

/**
 * telegram-ui's Placeholder (a state: empty, failed, waiting), for a header or a description alone.
 * It writes the two as a <dl>, a <dt> and a <dd>, which is a list only with both; one alone is a
 * broken list to a screen reader. Here one alone is a paragraph after the picture, looking as
 * telegram-ui draws it; with both, telegram-ui's own list stays.
 */
export function Placeholder({ header, description, children, ...rest }: PlaceholderProps) {
  if (shown(header) && shown(description))
    return (
      <TelegramPlaceholder header={header} description={description} {...rest}>
        {children}
      </TelegramPlaceholder>
    );
  return (
    <TelegramPlaceholder {...rest}>
      {children}
      {shown(header) && (
        <Title Component="p" level="3" weight="2" className="placeholder-text">
          {header}
        </Title>
      )}
      {shown(description) && (
        <Text Component="p" className="placeholder-text placeholder-text--hint">
          {description}
        </Text>
      )}
    </TelegramPlaceholder>
  );
}
