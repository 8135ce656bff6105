// How a medication user reads in a list or a card: without zod (the inquiry page's form shows patients too).

const SEX_TEXT = { 0: '男', 1: '女' } as const;

export function formatSex(sex: number | undefined): string {
  return sex === 0 || sex === 1 ? SEX_TEXT[sex] : '';
}

export function formatAge(age: number | undefined): string {
  return age === undefined ? '' : `${age}岁`;
}
