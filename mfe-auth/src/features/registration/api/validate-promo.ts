import { useMutation } from '@tanstack/react-query';
import type { PromoValidateResponse, ValidatePublicPromoBody } from 'contracts';
import { api } from 'platform';

export const validatePublicPromo = (body: ValidatePublicPromoBody) =>
  api.post<PromoValidateResponse>('/promo/validate-public', body);

export const useValidatePublicPromo = () => useMutation({ mutationFn: validatePublicPromo });
