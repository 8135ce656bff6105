import { EnvironmentOutlined } from '@ant-design/icons';
import type { DeliveryAddress } from '@anxin/shared/addresses/address.schemas';
import { formatRegionPath } from '@anxin/shared/addresses/address-format';
import { Button, Popconfirm } from 'antd';
import { DefaultTag, defaultItemClassName } from '../../../components/default-item.tsx';

type AddressCardProps = {
  address: DeliveryAddress;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  onSetDefault: () => void;
  isBusy: boolean;
};

/** One address of the book: who, where, phones; the default one marked; its actions on the right. */
export function AddressCard({ address, onEdit, onDelete, onSetDefault, isBusy }: AddressCardProps) {
  const region = formatRegionPath([address.provinceName, address.cityName, address.regionName, address.streetName]);
  return (
    <article
      className={`address-card ${defaultItemClassName(address.isDefault)}`}
      data-testid="address-card"
      aria-label={`${address.consignee} ${region}`}
    >
      <header className="address-card__head">
        <EnvironmentOutlined className="address-card__icon" />
        <strong className="address-card__name">{address.consignee}</strong>
        <span className="address-card__phone">{address.consigneePhone2}</span>
        {address.isDefault ? <DefaultTag>默认地址</DefaultTag> : null}
        <div className="address-card__actions">
          {address.isDefault ? null : (
            <Button type="link" size="small" onClick={onSetDefault} disabled={isBusy}>
              设为默认
            </Button>
          )}
          <Button type="link" size="small" onClick={onEdit}>
            编辑
          </Button>
          <Popconfirm
            title="确定删除该收货地址吗？"
            description={address.isDefault ? '删除后，最新添加的地址将成为默认地址' : undefined}
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
          >
            <Button type="link" size="small" danger disabled={isBusy}>
              删除
            </Button>
          </Popconfirm>
        </div>
      </header>
      <dl className="address-card__body">
        <div>
          <dt>所在地区</dt>
          <dd>{region}</dd>
        </div>
        <div>
          <dt>详细地址</dt>
          <dd>{address.customArea}</dd>
        </div>
        <div>
          <dt>固定电话</dt>
          <dd>{address.consigneePhone1 || '—'}</dd>
        </div>
        <div>
          <dt>邮政编码</dt>
          <dd>{address.zipCode || '—'}</dd>
        </div>
      </dl>
    </article>
  );
}
