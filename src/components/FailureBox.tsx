import { Button } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@common/paths';
import './failure-box.css';

/**
 * Why a payment or a withdrawal failed, as an alert: its title, the message, the ways on
 * (`children`, buttons) and a hint. `name` is the box's class and test id; its parts are
 * `<name>__title`, `<name>__message` and `<name>__hint`. `error` is the server's key of the reason.
 */
export function FailureBox({
  name,
  error,
  title,
  message,
  hint,
  children,
}: {
  name: 'pay-failure' | 'withdraw-failure';
  error: string;
  title: string;
  message: string;
  hint?: string | false;
  children?: ReactNode;
}) {
  return (
    <div className={name} role="alert" data-testid={name} data-error={error}>
      <strong className={`${name}__title`}>{title}</strong>
      <p className={`${name}__message`}>{message}</p>
      {children}
      {hint && <p className={`${name}__hint`}>{hint}</p>}
    </div>
  );
}

/** The way on from "payment password not set": to the screen that sets it. */
export function SetPayPasswordButton({ label }: { label: string }) {
  const navigate = useNavigate();
  return (
    <Button
      size="s"
      mode="bezeled"
      onClick={() => navigate(paths.changePayPwd.href())}
      data-testid="set-pay-password"
    >
      {label}
    </Button>
  );
}
