import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPriceItem, AdminSite, PriceItemBody, PriceList } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** PUT /admin-panel/site/prices/:list/:code: one line of a price list, whole US dollars. */
export const updatePrice = (list: PriceList, code: string, body: PriceItemBody) =>
  api.put<AdminPriceItem>(
    `/admin-panel/site/prices/${encodeURIComponent(list)}/${encodeURIComponent(code)}`,
    body,
  );

export function useUpdatePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, code, body }: { list: PriceList; code: string; body: PriceItemBody }) =>
      updatePrice(list, code, body),
    onSuccess: (row) => {
      queryClient.setQueryData<AdminSite>(recordsKeys.site(), (site) =>
        site
          ? {
              ...site,
              prices: site.prices.map((item) =>
                item.list === row.list && item.code === row.code ? row : item,
              ),
            }
          : site,
      );
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}
