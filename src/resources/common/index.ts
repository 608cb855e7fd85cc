export { GridDataTable, GridEmpty, GridList, GridPagination, type GridDataTableProps, type GridListProps } from "./GridList";
export { type BulkResult, type GridBulkAction } from "./gridKit/BulkActions";
export {
  AutocompleteFilter,
  FilterBar,
  KeywordSearch,
  SelectFilter,
  TextFilter,
  useFilterValue,
  YesNoFilter,
  type Choice,
  type PickerOption,
  type SearchType,
} from "./filters";
export { useAgencyOptions, useCommunityOptions } from "./pickerOptions";
export { getPath, hasActiveFilters, setPath, unsetPath } from "./objectPath";
export { relativeToBasename, useRelativePath } from "./navigation";
export { YesNo } from "./YesNo";
export { ONE_LINE_CELL, PICKER_PAGE_SIZE } from "./constants";
export { FormGroup } from "./FormGroup";
export { EditScreen, type EditScreenProps } from "./EditScreen";
export { AddressesInput, addressesPayload } from "./AddressesInput";
export { PermissionSetInputs, PermissionSetTable, permissionFormValues, permissionSetPayload } from "./PermissionSet";
