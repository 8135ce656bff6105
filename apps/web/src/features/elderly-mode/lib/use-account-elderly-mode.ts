import { useEffect } from 'react';
import { setElderlyModeOnDevice } from '../../../lib/elderly-mode.ts';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { useMemberVo } from '../../profile/index.ts';

/**
 * A signed-in member's 长辈模式 is the account's: whenever the user info arrives (a sign-in on a new device, a
 * reload, the switch's reply), this browser takes the account's choice. The top bar calls it.
 */
export function useAccountElderlyMode(): void {
  const isSignedIn = useIsSignedIn();
  const { data: member } = useMemberVo({ isEnabled: isSignedIn });
  const accountChoice = member?.elderlyMode;
  useEffect(() => {
    if (typeof accountChoice === 'boolean') setElderlyModeOnDevice(accountChoice);
  }, [accountChoice]);
}
