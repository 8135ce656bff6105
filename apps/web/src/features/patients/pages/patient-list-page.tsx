import { PlusOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { PATIENT_LIMIT, type Patient } from '@anxin/shared/patients/patient.contract';
import { Button, Empty, Skeleton, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { useDeletePatient } from '../api/delete-patient.ts';
import { usePatients } from '../api/get-patients.ts';
import { useSetDefaultPatient } from '../api/set-default-patient.ts';
import { PatientCard } from '../components/patient-card.tsx';
import '../patients.css';

const ADD_PATH = '/user/patientInfo/add';

/** /user/patientInfo: the member's medication users, the default first; set default, edit, delete, add. */
export function PatientListPage() {
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const { data: patients, isError, refetch } = usePatients();
  const deletePatient = useDeletePatient();
  const setDefault = useSetDefaultPatient();

  const count = patients?.length ?? 0;
  const isFull = count >= PATIENT_LIMIT;

  const handleSetDefault = async (patient: Patient) => {
    try {
      await setDefault.mutateAsync(patient.id);
      message.success('已设为默认用药人');
    } catch {
      message.error(MSG.patientSetDefaultFailed);
    }
  };

  const confirmDelete = (patient: Patient) => {
    modal.confirm({
      title: `确定删除用药人“${patient.name}”吗？`,
      content: patient.isDefault ? '删除后，最近添加的用药人将成为默认用药人。' : '删除后不可恢复。',
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deletePatient.mutateAsync(patient.id);
          message.success(MSG.patientDeleted);
        } catch {
          message.error(MSG.patientDeleteFailed);
        }
      },
    });
  };

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(ADD_PATH)} disabled={!patients || isFull}>
      添加用药人
    </Button>
  );

  let body = <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError)
    body = (
      <div className="card__empty">
        用药人暂时无法获取，
        <Button type="link" onClick={() => refetch()}>
          点击重试
        </Button>
      </div>
    );
  else if (patients && patients.length === 0)
    body = (
      <Empty className="patient-list__empty" description="您还没有添加用药人">
        <p className="patient-list__empty-hint">购买处方药时需要填写用药人信息，提前添加可以节省下单时间</p>
        {addButton}
      </Empty>
    );
  else if (patients)
    body = (
      <div className="patient-list__items">
        {patients.map((patient) => (
          <PatientCard
            key={patient.id}
            patient={patient}
            isBusy={deletePatient.isPending || setDefault.isPending}
            onSetDefault={() => handleSetDefault(patient)}
            onDelete={() => confirmDelete(patient)}
          />
        ))}
      </div>
    );

  return (
    <section className="card patient-list">
      <header className="card__header patient-list__header">
        <h3 className="card__title">用药人管理</h3>
        <div className="patient-list__tools">
          {patients ? (
            <span className="patient-list__count" data-testid="patient-count">
              {isFull ? (
                MSG.patientLimit
              ) : (
                <>
                  已添加<strong>{count}</strong>个用药人，最多可添加{PATIENT_LIMIT}个
                </>
              )}
            </span>
          ) : null}
          {isFull ? <Tooltip title={MSG.patientLimit}>{addButton}</Tooltip> : addButton}
        </div>
      </header>
      {body}
    </section>
  );
}
