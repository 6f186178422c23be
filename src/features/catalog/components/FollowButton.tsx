import { Button } from '@telegram-apps/telegram-ui';
import { AFTER_FOLLOW } from '../hooks/use-toggles';
import { useTranslation } from 'react-i18next';
import type { FollowAnswer } from '@common/schemas/catalog-answers';
import { toast } from '@app/components/toast-store';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
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
  const follow = useEndpointMutation('catalog.follow', {
    run: async (send, _: void) => {
      if (!(await loginFirst())) return;
      const answer = await send({ mer_id: shopId });
      onChange(answer);
      toast.success(answer.followed ? t('shopPage.followed') : t('shopPage.unfollowed'));
    },
    invalidates: AFTER_FOLLOW,
    haptic: { success: 'tap' },
  });

  return (
    <Button
      size="s"
      mode={followed ? 'bezeled' : 'filled'}
      loading={follow.busy}
      onClick={() => void follow.mutate()}
      aria-pressed={followed}
      data-testid="shop-follow"
      className="follow-button"
    >
      {followed ? t('shopPage.following') : t('shopPage.follow')}
    </Button>
  );
}
