package geo

import (
	"net/url"
	"strings"
	"testing"
)

// A WMS 1.3.0 capabilities document as MapServer writes it: a default namespace, xlink and xsi
// prefixes, the service's address in the Service, in each DCPType and in a legend.
const capsSample = `<?xml version='1.0' encoding="UTF-8" standalone="no" ?>
<WMS_Capabilities version="1.3.0"  xmlns="http://www.opengis.net/wms"   xmlns:sld="http://www.opengis.net/sld"   xmlns:xlink="http://www.w3.org/1999/xlink"   xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"   xmlns:ms="http://mapserver.gis.umn.edu/mapserver"   xsi:schemaLocation="http://www.opengis.net/wms http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd">
<Service>
  <Name>WMS</Name>
  <OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="https://maps.example.org/wms?map=/srv/town.map&amp;"/>
</Service>
<Capability>
  <Request>
    <GetMap>
      <Format>image/png</Format>
      <DCPType>
        <HTTP>
          <Get><OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="https://maps.example.org/wms?map=/srv/town.map&amp;"/></Get>
          <Post><OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href='https://other.example.org/post'/></Post>
        </HTTP>
      </DCPType>
    </GetMap>
  </Request>
  <Layer>
    <Name>parcels</Name>
    <Attribution><OnlineResource xlink:href="https://www.example.org/about"/></Attribution>
    <Style>
      <LegendURL width="70" height="20">
        <Format>image/png</Format>
        <OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="https://maps.example.org/wms?map=/srv/town.map&amp;version=1.3.0&amp;service=WMS&amp;request=GetLegendGraphic&amp;sld_version=1.1.0&amp;layer=parcels&amp;format=image/png&amp;STYLE=default"/>
      </LegendURL>
    </Style>
    <MetadataURL type="TC211"><OnlineResource xlink:type="simple" xlink:href="https://maps.example.org/meta.xml"/></MetadataURL>
  </Layer>
</Capability>
</WMS_Capabilities>
`

func TestRewriteCapabilities(t *testing.T) {
	service, _ := url.Parse("https://maps.example.org/wms?map=/srv/town.map")
	proxy := "https://arbor.example/api/management/project/p/basemaps/b/wms"
	out, err := rewriteCapabilities([]byte(capsSample), service, proxy)
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	// The service's addresses are the proxy's; the map path (the proxy adds the configured one)
	// is gone; a legend keeps its request.
	if n := strings.Count(got, `xlink:href="`+proxy+`?"`); n != 3 {
		t.Errorf("%d service addresses rewritten, want 3 (Service, GetMap Get, metadata):\n%s", n, got)
	}
	if !strings.Contains(got, `xlink:href='`+proxy+`?'`) {
		t.Errorf("the Post address (another host, but the service's own) is not the proxy's:\n%s", got)
	}
	legend := proxy + "?FORMAT=image%2Fpng&amp;LAYER=parcels&amp;REQUEST=GetLegendGraphic&amp;SERVICE=WMS&amp;SLD_VERSION=1.1.0&amp;STYLE=default&amp;VERSION=1.3.0"
	if !strings.Contains(got, `xlink:href="`+legend+`"`) {
		t.Errorf("legend not rewritten to %s:\n%s", legend, got)
	}
	// Other links stay; so does every other byte, the namespaces and their prefixes included.
	for _, keep := range []string{`<Attribution><OnlineResource xlink:href="https://www.example.org/about"/>`,
		`<WMS_Capabilities version="1.3.0"  xmlns="http://www.opengis.net/wms"   xmlns:sld="http://www.opengis.net/sld"   xmlns:xlink="http://www.w3.org/1999/xlink"`,
		`<?xml version='1.0' encoding="UTF-8" standalone="no" ?>`} {
		if !strings.Contains(got, keep) {
			t.Errorf("lost %s:\n%s", keep, got)
		}
	}
	if !strings.Contains(got, `<MetadataURL type="TC211"><OnlineResource xlink:type="simple" xlink:href="`+proxy+`?"/>`) {
		t.Errorf("metadata on the service's host still points there:\n%s", got)
	}
	if strings.Contains(got, "maps.example.org") {
		t.Errorf("the service's address is left:\n%s", got)
	}
	if !strings.HasSuffix(got, "</WMS_Capabilities>\n") {
		t.Error("the end was cut")
	}
	// Not XML: an error, not a half-rewritten document.
	for _, broken := range []string{"<a><b></a>", "<a><b>", "<a x='1></a>", "not xml </a>"} {
		if _, err := rewriteCapabilities([]byte(broken), service, proxy); err == nil {
			t.Errorf("%s passed", broken)
		}
	}
}
