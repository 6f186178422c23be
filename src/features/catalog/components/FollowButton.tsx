import { Button } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useFollow } from '../hooks/use-toggles';
import { useTranslation } from 'react-i18next';
import type { FollowAnswer } from '@common/schemas/catalog-answers';
import { toast } from '@app/components/toast-store';
import { haptic } from '@app/telegram/buttons';
import { useLoginGate } from '../hooks/use-login-gate';

interface FollowButtonProps {
  shopId: number;
  followed: boolean;
  onChange: (answer: FollowAnswer) => void;
}

/** Follow / unfollow a shop; the server answers the new state and the exact fan count. */
export function FollowButton({ shopId, followed, onChange }: FollowButtonProps) {
  const { t } = useTranslation();
  const loginFirst = useLoginGate();
  const [busy, setBusy] = useState(false);
  const follow = useFollow();

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (!(await loginFirst())) return;
      const answer = await follow.mutateAsync(shopId);
      onChange(answer);
      haptic.tap();
      toast.success(answer.followed ? t('shopPage.followed') : t('shopPage.unfollowed'));
    } catch {
      // The client has shown the message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="s"
      mode={followed ? 'bezeled' : 'filled'}
      loading={busy}
      onClick={toggle}
      aria-pressed={followed}
      data-testid="shop-follow"
      className="follow-button"
    >
      {followed ? t('shopPage.following') : t('shopPage.follow')}
    </Button>
  );
}
