import { Select, type SelectProps } from 'antd';
import { PHONE_AREA_CODES } from '@hmi/domain';
import './account.css';

/** The area code picker in front of a mobile number (registration, invitations). */
export function AreaCodeSelect(props: Omit<SelectProps<string>, 'options'>) {
  return (
    <Select<string>
      className="area-code-select"
      options={PHONE_AREA_CODES.map((c) => ({ value: c, label: c }))}
      {...props}
    />
  );
}
