import type { AddressBodyInput, DeliveryAddress } from '@anxin/shared/addresses/address.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADDRESSES_QUERY_KEY } from './get-addresses.ts';

export function createAddress(body: AddressBodyInput): Promise<DeliveryAddress> {
  return apiRequest<DeliveryAddress>('POST', '/v2/deliveryAddresses', { body });
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
  });
}
