import type { AddressBodyInput, DeliveryAddress } from '@anxin/shared/addresses/address.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADDRESSES_QUERY_KEY } from './get-addresses.ts';

/** Masked phones sent back unchanged keep the stored numbers. */
export function updateAddress({ id, body }: { id: number; body: AddressBodyInput }): Promise<DeliveryAddress> {
  return apiRequest<DeliveryAddress>('PUT', `/v2/deliveryAddresses/${id}`, { body });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
  });
}
