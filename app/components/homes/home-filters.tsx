// The filters of /imoveis: a GET form, so they live in the address and work without JavaScript.
import { Form } from 'react-router'
import { Button, LinkButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Input, Select } from '~/components/ui/input'
import { homeCategories, homeCategoryLabels, homeStatusLabels, homeStatuses } from '~/domain/home'
import type { HomeFilters } from '~/domain/home-schema'

function FilterSelect({
  label,
  name,
  value,
  all,
  options,
}: {
  label: string
  name: string
  value: string | undefined
  all: string
  options: Array<{ value: string; label: string }>
}) {
  return (
    <label className="text-sm font-medium text-slate-700">
      {label}
      <Select name={name} defaultValue={value ?? ''} controlSize="sm" className="mt-1">
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </label>
  )
}

export function HomeFilterForm({
  filters,
  cities,
  total,
  filtered,
}: {
  filters: HomeFilters
  cities: string[]
  total: number
  filtered: boolean
}) {
  return (
    <Card padding="sm" className="mt-6">
      <Form
        method="get"
        role="search"
        aria-label="Filtrar imóveis"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
      >
        <label className="text-sm font-medium text-slate-700 lg:col-span-2">
          Buscar
          <Input
            type="search"
            name="q"
            defaultValue={filters.q ?? ''}
            placeholder="Nome, bairro, rua ou CEP"
            controlSize="sm"
            className="mt-1"
          />
        </label>
        <FilterSelect
          label="Negócio"
          name="status"
          value={filters.status}
          all="Todos"
          options={homeStatuses.map((value) => ({ value, label: homeStatusLabels[value] }))}
        />
        <FilterSelect
          label="Categoria"
          name="category"
          value={filters.category}
          all="Todas"
          options={homeCategories.map((value) => ({ value, label: homeCategoryLabels[value] }))}
        />
        <FilterSelect
          label="Cidade"
          name="city"
          value={filters.city}
          all="Todas"
          options={cities.map((city) => ({ value: city, label: city }))}
        />
        <FilterSelect
          label="Situação"
          name="situacao"
          value={filters.situacao}
          all="Ativos"
          options={[{ value: 'arquivados', label: 'Arquivados' }]}
        />
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-6">
          <Button size="sm">Filtrar</Button>
          {filtered ? (
            <LinkButton to="/imoveis" variant="secondary" size="sm">
              Limpar filtros
            </LinkButton>
          ) : null}
          <p className="ml-auto text-sm text-slate-600" role="status">
            {total === 1 ? '1 imóvel' : `${total} imóveis`}
          </p>
        </div>
      </Form>
    </Card>
  )
}
