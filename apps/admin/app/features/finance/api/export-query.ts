/** A list query without its paging and unset filters: what the CSV and PDF of exactly the listed rows take. */
export const exportQuery = ({ page: _page, pageSize: _size, ...filters }: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
