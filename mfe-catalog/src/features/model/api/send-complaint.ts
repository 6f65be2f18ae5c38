import { useMutation } from '@tanstack/react-query';
import type { ComplaintBodyInput, ComplaintCreatedResponse } from 'contracts';
import { api } from 'platform';

export const sendComplaint = (id: number, body: ComplaintBodyInput) =>
  api.post<ComplaintCreatedResponse>(`/model/${id}/complaints`, body);

export const useSendComplaint = (id: number) =>
  useMutation({ mutationFn: (body: ComplaintBodyInput) => sendComplaint(id, body) });
