import { PlusOutlined } from '@ant-design/icons';
import { ADDRESS_LIMIT, type DeliveryAddress } from '@anxin/shared/addresses/address.schemas';
import { MSG } from '@anxin/shared/common/messages';
import { Button, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useAddresses } from '../api/get-addresses.ts';
import { useSetDefaultAddress } from '../api/set-default-address.ts';
import { AddressCard } from '../components/address-card.tsx';
import { type AddressFormValues, takeAddressDraft } from '../lib/address-draft.ts';
import '../addresses.css';

// The address form (antd's Modal and the region Cascader with its select core: about 45 KB) is closed when the
// page opens: fetched when the pointer or the keyboard reaches the address book, at the latest on 新增 or 编辑.
const loadAddressForm = () => import('../components/address-form-modal.tsx');
const AddressFormModal = lazy(async () => ({ default: (await loadAddressForm()).AddressFormModal }));
const preloadAddressForm = () => void loadAddressForm();

type ModalState = { address?: DeliveryAddress; draftValues?: Partial<AddressFormValues> } | null;

/** /user/personal/address: the address book, add and edit in a modal, delete, set default. */
export function AddressBookPage() {
  const { message } = useFeedback();
  const { data: addresses, isError, refetch } = useAddresses();
  const deleteAddress = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const [modal, setModal] = useState<ModalState>(null);
  const hasRestoredDraft = useRef(false);

  // Back from signing in after a 401 on save: the form opens again as it was typed.
  useEffect(() => {
    if (!addresses || hasRestoredDraft.current) return;
    hasRestoredDraft.current = true;
    const draft = takeAddressDraft();
    if (!draft) return;
    const address = draft.addressId ? addresses.find((item) => item.id === draft.addressId) : undefined;
    if (draft.addressId && !address) return;
    setModal({ address, draftValues: draft.values });
  }, [addresses]);

  const count = addresses?.length ?? 0;

  const openNew = () => {
    if (count >= ADDRESS_LIMIT) {
      message.warning(MSG.addressLimit);
      return;
    }
    setModal({});
  };

  const handleDelete = async (address: DeliveryAddress) => {
    try {
      await deleteAddress.mutateAsync(address.id);
      message.success('删除成功');
    } catch (error) {
      message.error(getErrorMessage(error, MSG.dataError));
    }
  };

  const handleSetDefault = async (address: DeliveryAddress) => {
    try {
      await setDefault.mutateAsync(address.id);
      message.success('已设为默认地址');
    } catch (error) {
      message.error(getErrorMessage(error, MSG.dataError));
    }
  };

  let body = <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError)
    body = (
      <div className="card__empty">
        收货地址暂时无法获取，
        <Button type="link" onClick={() => refetch()}>
          点击重试
        </Button>
      </div>
    );
  else if (addresses && addresses.length === 0)
    body = (
      <Empty className="address-book__empty" description="您还没有收货地址">
        <Button type="primary" icon={<PlusOutlined />} onClick={openNew}>
          新增收货地址
        </Button>
      </Empty>
    );
  else if (addresses)
    body = (
      <div className="address-book__list">
        {addresses.map((address) => (
          <AddressCard
            key={address.id}
            address={address}
            isBusy={deleteAddress.isPending || setDefault.isPending}
            onEdit={() => setModal({ address })}
            onDelete={() => handleDelete(address)}
            onSetDefault={() => handleSetDefault(address)}
          />
        ))}
      </div>
    );

  return (
    <section className="card address-book" onPointerEnter={preloadAddressForm} onFocus={preloadAddressForm}>
      <header className="card__header address-book__header">
        <h3 className="card__title">收货地址</h3>
        <div className="address-book__tools">
          {addresses ? (
            <span className="address-book__count" data-testid="address-count">
              已保存<strong>{count}</strong>个收货地址，最多可保存{ADDRESS_LIMIT}个
            </span>
          ) : null}
          <Button type="primary" icon={<PlusOutlined />} onClick={openNew} disabled={!addresses}>
            新增收货地址
          </Button>
        </div>
      </header>
      {body}
      {modal ? (
        <Suspense fallback={null}>
          <AddressFormModal
            address={modal.address}
            draftValues={modal.draftValues}
            isFirst={count === 0}
            onClose={() => setModal(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
