import { useQueryClient } from '@tanstack/react-query';
import { notify } from 'account-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ModerationKind } from '../../../api/review-keys';
import { nextInQueue } from './next-in-queue';
import { QUEUE_PATHS } from './queue-paths';

/** Starts the keyboard flow at the oldest item nobody else holds. */
export function useStartReview(kind: ModerationKind) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  async function start() {
    setStarting(true);
    try {
      const first = await nextInQueue(queryClient, kind, null);
      if (first === null) notify('success', t('queue.allTaken'));
      else navigate(QUEUE_PATHS[kind].item(first));
    } catch {
      notify('error', t('queue.loadError'));
    } finally {
      setStarting(false);
    }
  }
  return { start, starting };
}
