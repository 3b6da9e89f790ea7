import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, Card, Chip, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { PRODUCT_KINDS, type ProductKind } from '@wms/contract/kits';
import { PRODUCT_MESSAGES, PRODUCT_PAGE_SIZES, type Product } from '@wms/contract/products';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type CardLayout, joinParts } from '../../../components/CardList';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ExportMenu } from '../../../components/ExportMenu';
import { FilterSelect } from '../../../components/FilterSelect';
import { KIND_LABELS, KindBadge } from '../../../components/KindBadge';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type RowId, type TableColumn } from '../../../components/PaginatedTable';
import { SearchField } from '../../../components/SearchField';
import { failureMessage } from '../../../lib/api/failure-message';
import { contextParams } from '../../../lib/context/context-key';
import { useContextQuery } from '../../../lib/context/use-context-query';
import { cursorPagingFromParams, hasNextByCursor, pageMove } from '../../../lib/cursor-paging';
import { formatDate, formatWeight } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasPermission, userAllows } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import { useListParams, useUrlParams } from '../../../lib/use-list-params';
import { productListQuery, productListQueryOptions, useDeleteProduct } from '../api';
import { CopyToAccountBar } from '../components/CopyToAccountBar';
import { ImportProductsDialog } from '../components/ImportProductsDialog';
import { ProductThumb } from '../components/ProductThumb';
import { useTemplateDownload } from '../use-template-download';

const KIND_FILTER_OPTIONS = PRODUCT_KINDS.map((kind) => [kind, KIND_LABELS[kind]] as const);

/** The URL's kind, when it is one (anything else: every kind). */
const kindFromParam = (value: string | null): ProductKind | undefined =>
  (PRODUCT_KINDS as readonly string[]).includes(value ?? '') ? (value as ProductKind) : undefined;

export function ProductListPage() {
  const { user } = useSession();
  const isClient = userAllows(user, 'workInSelectedAccount');
  const list = useListParams(PRODUCT_PAGE_SIZES);
  const { params, update } = useUrlParams();
  // Beyond the count cap ("10,000+") next/previous follow the answer's cursors, as on the orders list.
  const paging = cursorPagingFromParams(params, list.page, false);
  const kind = kindFromParam(params.get('kind'));
  const products = useContextQuery((context) =>
    productListQueryOptions(context, {
      page: list.page,
      perPage: list.perPage,
      search: list.search,
      ...(kind ? { kind } : {}),
      ...(paging.cursor ? { cursor: paging.cursor } : {}),
    }),
  );
  const { account: selectedAccount, warehouse: selectedWarehouse } = products.context;
  const [selected, setSelected] = useState<RowId[]>([]);
  const [importOpen, setImportOpen] = useState(false);
  const template = useTemplateDownload();
  const confirm = useConfirmTarget<Product>();

  const remove = useDeleteProduct({
    onSuccess: (_answer, productId) => {
      notifySuccess(PRODUCT_MESSAGES.deleted);
      setSelected((ids) => ids.filter((id) => id !== productId));
      confirm.close();
    },
    onError: (error) => {
      confirm.close();
      const message = failureMessage(error, 'Error deleting product');
      if (message) notifyError(message);
    },
  });

  const canCreate = hasPermission(user, 'create products');
  const canDelete = hasPermission(user, 'delete products');

  const columns: TableColumn<Product>[] = [
    {
      id: 'product',
      header: 'Product',
      render: (product) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 220 }}>
          <ProductThumb src={product.photo_url} name={product.name} />
          <Box sx={{ minWidth: 0 }}>
            <Link component={RouterLink} to={`/products/${product.id}`} underline="hover" sx={{ fontWeight: 600 }}>
              {product.name}
            </Link>
            <KindBadge kind={product.kind} />
            {product.dimension && (
              <Typography variant="caption" color="text.secondary" component="div">
                {product.dimension}
              </Typography>
            )}
          </Box>
        </Stack>
      ),
    },
    {
      id: 'sku',
      header: 'SKU',
      render: (product) => (
        <>
          <Chip size="small" variant="outlined" label={product.sku} sx={{ fontFamily: 'monospace' }} />
          {product.barcode && (
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ fontFamily: 'monospace', mt: 0.5 }}
            >
              {product.barcode}
            </Typography>
          )}
        </>
      ),
    },
  ];
  if (!isClient) {
    columns.push({ id: 'account', header: 'Account', render: (product) => product.account?.name ?? 'N/A' });
  }
  const actions = (product: Product) => (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="View">
        <IconButton component={RouterLink} to={`/products/${product.id}`} aria-label={`View ${product.sku}`}>
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Edit">
        <IconButton component={RouterLink} to={`/products/${product.id}/edit`} aria-label={`Edit ${product.sku}`}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {canDelete && (
        <Tooltip title="Delete">
          <IconButton color="error" onClick={() => confirm.ask(product)} aria-label={`Delete ${product.sku}`}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
  columns.push(
    { id: 'weight', header: 'Weight', align: 'right', render: (product) => formatWeight(product.weight) },
    { id: 'created', header: 'Created', render: (product) => formatDate(product.created_at) },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 140,
      // Spec §6: View and Edit are offered without a permission check; the server still decides on save.
      render: actions,
    },
  );
  // Phone cards: name, then SKU and account, then weight and date with the buttons.
  const card: CardLayout<Product> = {
    title: (product) => (
      <Link component={RouterLink} to={`/products/${product.id}`} underline="hover">
        {product.name}
      </Link>
    ),
    subtitle: (product) => (
      <>
        <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.primary' }}>
          {product.sku}
        </Box>
        {!isClient && product.account && ` · ${product.account.name}`}
        <KindBadge kind={product.kind} />
      </>
    ),
    meta: (product) => joinParts(formatWeight(product.weight), formatDate(product.created_at)),
    actions,
  };

  const subtitle = isClient
    ? `Catalogue of ${selectedAccount?.name ?? 'your account'}${selectedWarehouse ? ` · ${selectedWarehouse.name}` : ''}`
    : `Products of the accounts linked to ${selectedWarehouse?.name ?? 'the selected warehouse'}`;

  return (
    <>
      <PageHeader
        title="Products"
        subtitle={subtitle}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/products/create">
              Add Product
            </Button>
          )
        }
      />
      {canCreate && selected.length > 0 && (
        <CopyToAccountBar
          selectedIds={selected.map(Number)}
          onClear={() => setSelected([])}
          onCopied={() => setSelected([])}
        />
      )}
      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ p: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flex: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 220, maxWidth: { md: 420 } }}>
              <SearchField value={list.search} onChange={list.setSearch} placeholder="Search by SKU, name or barcode" />
            </Box>
            <Box sx={{ width: { xs: '100%', sm: 180 } }}>
              <FilterSelect
                label="Kind"
                allLabel="All kinds"
                value={kind ?? ''}
                options={KIND_FILTER_OPTIONS}
                onChange={(next) => update({ kind: next || null })}
                minWidth={150}
              />
            </Box>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            {canCreate && (
              <>
                <Button
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  onClick={template.download}
                  disabled={template.busy}
                >
                  Template
                </Button>
                <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImportOpen(true)}>
                  Import
                </Button>
              </>
            )}
            <ExportMenu
              path="/products/export"
              fileBase="products"
              query={{ ...productListQuery({ search: list.search, kind }), ...contextParams(products.context) }}
              bypassDefault
              disabled={!products.data || products.data.meta.total === 0}
            />
          </Stack>
        </Stack>
        <PaginatedTable
          label="Products"
          columns={columns}
          rows={products.data?.data}
          getRowId={(product) => product.id}
          total={products.data?.meta.total ?? 0}
          totalIsCapped={products.data?.meta.total_is_capped}
          hasNext={hasNextByCursor(products.data?.meta)}
          page={list.page}
          perPage={list.perPage}
          rowsPerPageOptions={PRODUCT_PAGE_SIZES}
          onPageChange={(next) => update(pageMove(next, paging, products.data?.meta), true)}
          onPerPageChange={list.setPerPage}
          loading={products.isFetching}
          error={products.isError ? 'Error loading products' : null}
          onRetry={() => void products.refetch()}
          emptyIcon={<Inventory2OutlinedIcon />}
          emptyTitle={list.search || kind ? 'No products match your search' : 'No products yet'}
          emptyHint={
            list.search
              ? 'Try another SKU or name.'
              : canCreate
                ? 'Add a product or import a spreadsheet to build the catalogue.'
                : undefined
          }
          selection={canCreate ? { selected, onChange: setSelected } : undefined}
          card={card}
        />
      </Card>
      <ImportProductsDialog
        open={importOpen}
        isClient={isClient}
        clientAccountId={isClient ? (selectedAccount?.id ?? null) : null}
        onClose={() => setImportOpen(false)}
      />
      <ConfirmDialog
        open={confirm.open}
        title="Confirm Delete"
        text={`Are you sure you want to delete the product "${confirm.target?.name ?? ''}" (${confirm.target?.sku ?? ''})? This cannot be undone.`}
        busy={remove.isPending}
        onConfirm={() => confirm.target && remove.mutate(confirm.target.id)}
        onCancel={confirm.close}
      />
    </>
  );
}
