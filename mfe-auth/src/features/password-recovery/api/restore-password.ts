import { useMutation } from '@tanstack/react-query';
import type { OkResponse, RestorePasswordBody } from 'contracts';
import { api } from 'platform';

export const restorePassword = (body: RestorePasswordBody) =>
  api.post<OkResponse>('/auth/restore-password', body);

export const useRestorePassword = () => useMutation({ mutationFn: restorePassword });
