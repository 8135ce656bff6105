import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import type { DeliveryAddress } from '@anxin/shared/addresses/address.schemas';

const ADDRESS_BOOK_PATH = '/user/personal/address';

type AddressPickerProps = {
  addresses: DeliveryAddress[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
};

/** The address book as cards to choose from; the book itself opens in a new tab to add or edit. */
export function AddressPicker({ addresses, selectedId, onSelect }: AddressPickerProps) {
  if (addresses.length === 0) {
    return (
      <div className="settle-address__empty">
        <EnvironmentOutlined />
        <span>您还没有收货地址，请先新增一个收货地址</span>
        <a href={ADDRESS_BOOK_PATH} target="_blank" rel="noopener" className="settle-address__add-link">
          <PlusOutlined /> 新增收货地址
        </a>
      </div>
    );
  }
  return (
    <ul className="settle-address__list" aria-label="收货地址">
      {addresses.map((address) => {
        const isSelected = address.id === selectedId;
        return (
          <li key={address.id}>
            <button
              type="button"
              className={`settle-address${isSelected ? ' settle-address--selected' : ''}`}
              aria-pressed={isSelected}
              onClick={() => onSelect(address.id)}
            >
              <span className="settle-address__who">
                <strong>{address.consignee}</strong>
                <span>{address.consigneePhone2}</span>
                {address.isDefault ? <span className="settle-address__default">默认地址</span> : null}
              </span>
              <span className="settle-address__where">{address.deliveryAddress}</span>
            </button>
          </li>
        );
      })}
      <li>
        <a href={ADDRESS_BOOK_PATH} target="_blank" rel="noopener" className="settle-address settle-address--new">
          <PlusOutlined /> 新增收货地址
        </a>
      </li>
    </ul>
  );
}
