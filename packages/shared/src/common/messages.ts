// Every message a rule or an error can show, in the exact wording of the spec's ui-text.md
// (full-width punctuation as written). Pages and server import from here, so both show the same text.
export const MSG = {
  // ui-text.md, "Validation messages" (A §5, B §5)
  phoneEmpty: '手机号不能为空',
  phoneMalformed: '请输入正确的手机号',
  phoneRegistered: '该手机号已注册',
  smsCodeEmpty: '短信验证码不能为空',
  userNameEmpty: '用户名不能为空',
  passwordEmpty: '密码不能为空',
  agreementRequired: '请先阅读并同意相关协议',
  imageCodeEmpty: '图形验证码不能为空',
  newPasswordEmpty: '新密码不能为空',
  newPasswordLength: '请输入8~16位字符',
  newPasswordClasses: '请输入由数字、大小写字母和符号组成的密码',
  confirmPasswordEmpty: '确认密码不能为空',
  passwordsDiffer: '两次输入不一致',
  oldPasswordEmpty: '原密码不能为空',
  newPasswordSameAsOld: '新密码不能与原密码相同',
  phoneNotCurrent: '请输入与当前账号一致的手机号',
  nicknameInvalid: '昵称为4-20位中文、数字、字母、下划线或横线',
  memberNameInvalid: '会员名为2-20位中文、数字、字母、下划线或横线',
  realNameInvalid: '姓名为2-10位中文或英文',
  sexRequired: '请选择性别',
  birthdayEmpty: '请选择生日',
  consigneeEmpty: '收货人不能为空',
  consigneeMalformed: '收货人为2-10位中文或英文',
  provinceRequired: '请选择省份',
  cityRequired: '请选择城市',
  detailAddressEmpty: '详细地址不能为空',
  detailAddressTooLong: '详细地址不能超过50个字',
  landlineMalformed: '请输入正确的固定电话',
  addressLimit: '最多只能创建20个收货地址',
  idCardFormat: '身份证号格式错误',
  idCardRegion: '身份证地址码错误',
  idCardCheckDigit: '身份证校验位错误',
  avatarType: '仅支持jpg、jpeg、png格式的图片',
  avatarSize: '图片大小不能超过2M',
  /** "wrong code when binding"; also used for a malformed SMS code. */
  smsCodeMalformed: '请输入正确的验证码',
  emailEmpty: '邮箱不能为空',
  emailMalformed: '请输入正确的邮箱地址',
  reviewIncomplete: '请完成所有商品的评价',
  reviewContentLength: '评价内容为10-450个字',
  contactPhoneMalformed: '请输入正确的联系电话',

  // ui-text.md, "Server and network errors" (A §8, B §8)
  serverError: '服务异常，请刷新重试',
  bindServerError: '服务异常，账号绑定失败',
  smsLoginFailed: '请刷新重试',
  requestError: '请求错误',
  dataError: '数据异常',
  networkPoor: '网络不佳，请稍后重试',
  unknownError: '未知异常',

  // ui-text.md, "Shell": the search box
  searchTextEmpty: '请输入要搜索的商品名称',

  // Not in ui-text.md: the project's own wording (spec README: natural, concise, same register).
  tooManyRequests: '操作过于频繁，请稍后再试',
  smsCodeWrong: '短信验证码错误或已失效',
  captchaFailed: '拼图验证未通过，请重试',
  ticketExpired: '验证已失效，请重新获取验证码',
  smsSendTooFrequent: '验证码发送过于频繁，请60秒后再试',
  smsDailyLimit: '今日验证码发送次数已达上限，请明天再试',
  notSignedIn: '登录已失效，请重新登录',
  notFound: '您访问的内容不存在',
  badRequest: '请求参数错误',
  loginFailed: '账号或密码错误',
  // The inputs stop at these lengths, so only a hand-made request sees these two.
  userNameTooLong: '用户名不能超过20个字符',
  passwordTooLong: '密码不能超过20个字符',
  searchTextTooLong: '搜索内容不能超过50个字',
} as const;

export type MessageKey = keyof typeof MSG;
