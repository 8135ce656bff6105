// The date picker (antd on dayjs) names months and weekdays in dayjs's global locale. Only a page with a
// picker imports this; the numeric formats used elsewhere need no locale.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');
