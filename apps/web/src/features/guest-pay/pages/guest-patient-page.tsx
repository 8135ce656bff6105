import { PatientFormPage } from '../../patients/pages/patient-form-page.tsx';
import { GuestPayFrame } from '../components/guest-pay-frame.tsx';

/**
 * /payJianke/patientInfo/{add|edit}/{id?}?from (and its /m/ twin): the member's patient form, opened from the
 * guest inquiry's 添加用药人 / 去编辑, in the guest frame so a phone keeps its layout. The guest is signed in as
 * the order's member by then; saving goes back to the inquiry with the patient chosen.
 */
export function GuestPatientPage() {
  return (
    <GuestPayFrame title="用药人信息">
      <div className="guest-patient">
        <PatientFormPage />
      </div>
    </GuestPayFrame>
  );
}
