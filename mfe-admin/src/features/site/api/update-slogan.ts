import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSite, AdminSlogan, SloganBody } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** PUT /admin-panel/site/slogan: the public header shows it on the next request. */
export const updateSlogan = (body: SloganBody) => api.put<AdminSlogan>('/admin-panel/site/slogan', body);

export function useUpdateSlogan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSlogan,
    onSuccess: ({ slogan }) => {
      queryClient.setQueryData<AdminSite>(recordsKeys.site(), (site) => (site ? { ...site, slogan } : site));
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}
