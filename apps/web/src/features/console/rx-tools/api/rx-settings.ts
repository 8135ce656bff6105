import type { RxOrderSettings } from '@anxin/shared/inquiry/inquiry.contract';
import type { RxSettingsChange } from '@anxin/shared/staff/console-rx.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from '../../api/console-request.ts';

const RX_SETTINGS_QUERY_KEY = [CONSOLE_QUERY_KEY, 'rx-settings'] as const;

/** GET /admin/rx-settings: the settings in force. */
export function getRxSettings(): Promise<RxOrderSettings> {
  return consoleRequest('GET', '/rx-settings');
}

export function useRxSettings() {
  return useQuery({ queryKey: RX_SETTINGS_QUERY_KEY, queryFn: getRxSettings });
}

/** PUT /admin/rx-settings: the changed settings; answers those in force, which the page then shows. */
export function saveRxSettings(body: RxSettingsChange): Promise<RxOrderSettings> {
  return consoleRequest('PUT', '/rx-settings', { body });
}

export function useSaveRxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRxSettings,
    onSuccess: (settings) => queryClient.setQueryData(RX_SETTINGS_QUERY_KEY, settings),
  });
}
