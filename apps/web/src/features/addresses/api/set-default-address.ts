import type { DeliveryAddress } from '@anxin/shared/addresses/address.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADDRESSES_QUERY_KEY } from './get-addresses.ts';

export function setDefaultAddress(id: number): Promise<DeliveryAddress> {
  return apiRequest<DeliveryAddress>('PUT', `/v2/deliveryAddresses/${id}/default`);
}

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
  });
}
