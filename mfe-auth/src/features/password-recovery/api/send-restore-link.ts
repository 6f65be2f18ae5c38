import { useMutation } from '@tanstack/react-query';
import type { OkResponse, SendRestoreLinkBody } from 'contracts';
import { api } from 'platform';

export const sendRestoreLink = (body: SendRestoreLinkBody) =>
  api.post<OkResponse>('/auth/send-restore-link', body);

export const useSendRestoreLink = () => useMutation({ mutationFn: sendRestoreLink });
